"""The texts found sound are shared by the console's threads (ledger/application.py SoundEntries).

Under load, the console's log filter, reading the record in a worker, ended with a KeyError on an
entry's text (issue 30): two readers evicted the same oldest text at once. Four threads checking
texts through a tiny memory, with the interpreter switching threads as often as it can, showed
it every run before the lock (also as "dictionary changed size during iteration").
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator

import pytest

from ledger import application
from ledger.application import SoundEntries


@pytest.fixture
def switching_often() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def test_readers_on_several_threads_never_break_the_memory_of_sound_texts(
    switching_often: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(application, "hash_holds", lambda entry, text: True)  # the hashing is not what is tested
    sound = SoundEntries()
    sound.KEEP = 2
    errors: list[str] = []

    def read(reader: int) -> None:
        try:
            for number in range(20_000):
                sound.check(f"{reader}-{number}", {"number": number})
        except Exception as error:  # any error at all is the defect
            errors.append(repr(error))

    readers = [threading.Thread(target=read, args=(reader,)) for reader in range(4)]
    for reader in readers:
        reader.start()
    for reader in readers:
        reader.join()
    assert errors == []
    assert len(sound._sound) <= sound.KEEP
