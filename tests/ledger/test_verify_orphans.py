"""A verification's workers end when the process that started them is killed (issue 31's note:
a SIGKILLed `turnledger verify` left its workers walking their stretches, a core each, to the end).

The worker here runs the watch `check_stretch` starts (ledger/verify_parallel.py `watch_parent`),
then sleeps ten minutes (`LINGER`), far past the test's deadline: without the watch it outlives its
killed parent and the test fails (the finally kills it)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from ledger.verify_parallel import watch_parent

PARENT = """
import multiprocessing, os, sys, time
sys.path.insert(0, "tests/ledger")
from test_verify_orphans import linger
worker = multiprocessing.get_context("spawn").Process(target=linger, args=(os.getpid(), 0.05))
worker.start()
print(worker.pid, flush=True)
time.sleep(1200)
"""


LINGER = 600
"""Seconds the worker would live without the watch: well past `DEADLINE`."""
DEADLINE = 60
"""Seconds the test waits for the worker to end (it imports the ledger before it watches: slow
on a loaded machine)."""


def linger(parent: int, every: float) -> None:
    """A worker: the watch, then a long wait."""
    watch_parent(parent, every)
    time.sleep(LINGER)


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, ended but not reaped by whoever adopted it, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_a_worker_ends_when_its_parent_is_killed() -> None:
    root = Path(__file__).resolve().parents[2]
    parent = subprocess.Popen([sys.executable, "-c", PARENT], cwd=root, stdout=subprocess.PIPE, text=True)
    worker = 0
    try:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline())
        assert _alive(worker)
        parent.kill()
        parent.wait()
        deadline = time.monotonic() + DEADLINE
        while _alive(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(worker), "the worker outlived the verification that started it"
    finally:
        if parent.poll() is None:
            parent.kill()
        if worker and _alive(worker):
            os.kill(worker, signal.SIGKILL)
