"""Files only their owner may read (a campaign's trust file, dice seeds): written 0600 from the
first byte and replaced atomically; refused when others can read them, as ssh refuses a key.

A temporary file created with default permissions and chmod-ed afterwards can be read by
another user in between; here the temporary file is created with mode 0600 (O_EXCL, a unique
name in the same folder), synced, then renamed over the old one, so a reader sees the old file
or the new one, never half of one.

The folder matters as much as the file: whoever may write in a folder may delete, rename or
replace what is in it. So:

* every folder turnledger creates for its own files (``~/.turnledger``, its ``trust`` and
  ``dice-secrets`` folders, or the folders ``$TURNLEDGER_TRUST_DIR`` names) is created 0700,
  whatever the umask (``mkdir -p`` leaves the folders above the last at the umask's mode, 0777
  under umask 000);
* a private file is read or written only in a folder that belongs to its user (or to root) and
  that group and others cannot write, and only when the file itself belongs to its user. The
  refusal names the folder, its mode and the cure (chmod 700). A folder its group may write is
  accepted when that group is the user's own (user private groups, where umask 002 makes every
  folder 0775): its only member, if any, is the user, whose primary group it is.
* A folder others may write but with the sticky bit set (``/tmp``, mode 1777) is accepted: there
  nobody but a file's owner (and root) may delete, rename or replace it, and a file another user
  put there under the expected name is refused as theirs. A campaign kept in /tmp therefore keeps
  its dice seeds beside it as anywhere else; one in a plain 0777 folder opens and reads as ever,
  but its seeds are refused until the folder is made private or the campaign moved.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from ledger.errors import PrivateFileError

OTHERS_WRITE = stat.S_IWGRP | stat.S_IWOTH


def read_private(path: Path) -> str | None:
    """The file's text, or None when it does not exist.

    Raises:
        PrivateFileError: group or others may read or write it, it belongs to another user, or
            its folder may be written by others (on systems with POSIX modes); or it cannot be read.
    """
    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise PrivateFileError(f"cannot read {path}: {error.strerror or error}") from None
    if os.name == "posix":
        check_private_folder(path.parent, path.name)
        if info.st_uid != os.geteuid():
            raise PrivateFileError(
                f"{path} belongs to another user (uid {info.st_uid}); it should hold your secrets, so it is not "
                "used: move it away"
            )
        if info.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise PrivateFileError(
                f"{path} can be read by other users (mode {stat.S_IMODE(info.st_mode):04o}); it holds secrets, so it "
                f"is not used: make it private (chmod 600 {path}) if nobody else has read it, or start afresh"
            )
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeError) as error:
        raise PrivateFileError(f"cannot read {path}: {error}") from None


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` readable by its owner only, replacing any old file atomically;
    the folders it needs are created 0700.

    Raises:
        PrivateFileError: the folder may be written by others or is another user's (nothing is
            written), or the file cannot be written (the old one, if any, is left as it was).
    """
    try:
        make_private_folders(path.parent)
    except OSError as error:
        raise PrivateFileError(f"cannot create the folder {path.parent}: {error.strerror or error}") from None
    if os.name == "posix":
        check_private_folder(path.parent, path.name)
    temporary = ""
    try:
        descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        # mkstemp creates the file O_EXCL with mode 0600 before a byte is written
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except OSError as error:
        if temporary:
            Path(temporary).unlink(missing_ok=True)
        raise PrivateFileError(f"cannot write {path}: {error.strerror or error}") from None
    except BaseException:
        if temporary:
            Path(temporary).unlink(missing_ok=True)
        raise


def make_private_folders(folder: Path) -> None:
    """Create ``folder`` and every missing folder above it, each 0700 whatever the umask; a folder
    that exists already (or that someone else creates meanwhile) is left as it is."""
    missing: list[Path] = []
    while not folder.is_dir() and folder.parent != folder:
        missing.append(folder)
        folder = folder.parent
    for each in reversed(missing):
        try:
            each.mkdir(mode=0o700)
        except FileExistsError:
            continue
        os.chmod(each, 0o700)  # mkdir's mode passes through the umask


def check_private_folder(folder: Path, name: str) -> None:
    """Refuse a folder in which another user could delete, rename or replace ``name``.

    Raises:
        PrivateFileError: the folder belongs to another user (not root), or group or others
            may write in it and it has no sticky bit.
    """
    try:
        info = folder.stat()
    except OSError as error:
        raise PrivateFileError(f"cannot look at the folder {folder}: {error.strerror or error}") from None
    if info.st_uid not in (os.geteuid(), 0):
        raise PrivateFileError(
            f"the folder {folder} belongs to another user (uid {info.st_uid}), who could replace {name} in it; "
            "keep it in a folder of your own"
        )
    writers = info.st_mode & (stat.S_IWOTH if _own_group(info.st_gid) else OTHERS_WRITE)
    if writers and not info.st_mode & stat.S_ISVTX:
        raise PrivateFileError(
            f"the folder {folder} can be written by other users (mode {stat.S_IMODE(info.st_mode):04o}), who could "
            f"replace {name} in it; it holds secrets, so it is not used there: make the folder private "
            f"(chmod 700 {folder}) or keep the campaign in a folder of your own"
        )


def _own_group(gid: int) -> bool:
    """Whether ``gid`` is this user's private group: their primary group, with no other member."""
    import grp  # POSIX only, as are the modes this is asked about
    import pwd

    try:
        me = pwd.getpwuid(os.geteuid())
        group = grp.getgrgid(gid)
    except KeyError:
        return False
    return me.pw_gid == gid and all(member == me.pw_name for member in group.gr_mem)
