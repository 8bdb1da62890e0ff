"""Revised Third Reich rules (seed 004): the BRP economy."""
