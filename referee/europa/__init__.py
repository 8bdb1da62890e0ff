"""Revised Europa rules (seed 000 by default; seed 001 differences as named options)."""
