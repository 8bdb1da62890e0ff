"""The release this installation is, in one place: the version pyproject.toml declares, read from
the installed package's metadata. `turnledger --version`, the read model's ``exporter`` and the
header of every export say it (issue 30: they said 0.2.0 while the CHANGELOG said 0.3.0);
CHANGELOG.md's newest section and the golden exports' names follow it (tests/test_release.py)."""

from __future__ import annotations

from importlib import metadata


def version() -> str:
    """``0.7.0``; ``(not installed)`` when run from a tree pip never installed."""
    try:
        return metadata.version("turnledger")
    except metadata.PackageNotFoundError:
        return "(not installed)"


def release() -> str:
    """``turnledger 0.7.0``: how a file this release wrote names its writer."""
    return f"turnledger {version()}"
