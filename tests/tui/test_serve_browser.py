"""The players' view in a real browser (issue 13, item 6): `turnledger serve` on a loopback port,
opened in headless Chromium from Debian's chromium and chromium-driver packages (`make test`
installs them through `make chromium`; Playwright and Puppeteer would download their own browsers
from hosts these machines cannot reach). The page's terminal shows the dashboard, and writing keys
typed into it are refused with a word and change nothing in the store.

The screenshots are kept as test artefacts, `serve-dashboard.png` and `serve-refused.png`, in the
folder named by the environment variable TURNLEDGER_TEST_ARTIFACTS, else in `test-artifacts/` at
the top of the repository (ignored by git).
"""

from __future__ import annotations

import os
import signal
import struct
import subprocess
import sys
import time
import urllib.request
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.selenium_manager import SeleniumManager
from selenium.webdriver.remote.webdriver import WebDriver

from referee.commands import CreateCampaign
from referee.service import RefereeService

from pg import free_port

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
INSTALL = "sudo apt-get install chromium chromium-driver"
WINDOW = (1600, 1000)
WAIT_SECONDS = 60.0
"""The longest any one step may take (each is well under a second when the machine is not busy; a
browser and a server starting on a machine loaded fifteen times over its cores took over 20 s)."""
ARTIFACTS = Path(os.environ.get("TURNLEDGER_TEST_ARTIFACTS") or Path(__file__).parents[2] / "test-artifacts")

# The writing keys typed into the page and the word each refusal ends with (tui/read_only.py):
# an entry recorded, the phase advanced, an undo, and the two that write beside the campaign.
REFUSED = {
    "c": "command refused",
    "a": "advance refused",
    "u": "undo refused",
    "b": "branch refused",
    "m": "bookmark refused",
}

# textual.js keeps its xterm.js terminal to itself and draws it with WebGL, so the page has no text
# to read. Run before the page's own scripts, this notes each bundled module's exports as it is
# defined; once the scripts have run, it wraps the public Terminal's `open` to keep each terminal
# opened, and `__screenText()` reads the rows the terminal shows.
SCREEN_READER = """
(() => {
  const defineProperty = Object.defineProperty;
  const modules = [];
  Object.defineProperty = function (target, name, descriptor) {
    if (name === "__esModule") modules.push(target);
    return defineProperty.call(this, target, name, descriptor);
  };
  window.__terminals = [];
  document.addEventListener("DOMContentLoaded", () => {
    Object.defineProperty = defineProperty;
    for (const exports of modules) {
      const Terminal = exports.Terminal;
      if (typeof Terminal === "function" && typeof Terminal.prototype.loadAddon === "function") {
        const open = Terminal.prototype.open;
        Terminal.prototype.open = function (...args) {
          window.__terminals.push(this);
          return open.apply(this, args);
        };
      }
    }
  });
  window.__screenText = () => {
    const terminal = window.__terminals[0];
    if (!terminal) return null;
    const buffer = terminal.buffer.active;
    const rows = [];
    for (let y = 0; y < terminal.rows; y++) {
      rows.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? "");
    }
    return rows.join("\\n");
  };
})();
"""


def record(path: str) -> list[str]:
    """Every entry's hash, in order: the whole record as the store holds it."""
    service = RefereeService.open(path)
    try:
        return [entry["hash"] for entry in service.entries()]
    finally:
        service.close()


def beside(folder: Path) -> set[str]:
    """The files in the campaign's folder, but SQLite's own (-wal, -shm), which any reader opens."""
    return {item.name for item in folder.iterdir() if not item.name.endswith(("-wal", "-shm"))}


@pytest.fixture
def campaign(tmp_path: Path) -> str:
    """A Barbarossa campaign of two entries, alone in its folder."""
    path = str(tmp_path / "watched" / "watched.db")
    Path(path).parent.mkdir()
    service = RefereeService.create(path, CreateCampaign(scenario="revised-europa/barbarossa", name="watched"))
    service.execute_json({"kind": "AdvancePhase"})
    service.close()
    return path


@pytest.fixture
def page_url(campaign: str, tmp_path: Path) -> Iterator[str]:
    """`turnledger serve` on the campaign (its output in serve.log); killed, with the consoles it
    started for the browser, at the end (it runs in a process group of its own)."""
    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("wb") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", "serve", campaign, "--host", "127.0.0.1", "--port", str(port)],
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            try:
                with urllib.request.urlopen(url, timeout=2):
                    break
            except OSError:
                assert server.poll() is None, f"turnledger serve exited with {server.returncode}:\n{log.read_text()}"
                assert time.monotonic() < deadline, f"turnledger serve did not answer at {url}:\n{log.read_text()}"
                time.sleep(0.1)
        yield url
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[WebDriver]:
    """Headless Chromium driven through Debian's chromedriver; quit at the end."""
    missing = [str(program) for program in (CHROMIUM, CHROMEDRIVER) if not program.is_file()]
    if missing:
        pytest.fail(f"{', '.join(missing)} missing: run '{INSTALL}' (make test installs them when run as root)")

    def no_download(*args: object) -> None:
        raise AssertionError("Selenium Manager was asked for a driver: it would try to download one")

    monkeypatch.setattr(SeleniumManager, "binary_paths", no_download)
    monkeypatch.setenv("SE_OFFLINE", "true")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in (
        "--headless=new",
        "--no-sandbox",  # Chromium's sandbox refuses to run as root, as the tests do in CI
        f"--window-size={WINDOW[0]},{WINDOW[1]}",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        # Every name but the loopback address fails at once: the page's web-font link does not
        # wait on a network these machines do not have, and the browser reaches nothing else.
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    ):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SCREEN_READER})
        yield driver
    finally:
        driver.quit()


def screen(driver: WebDriver, shows: Callable[[str], bool], what: str) -> str:
    """The terminal's text once ``shows`` holds for it (polled; fails after WAIT_SECONDS)."""
    deadline = time.monotonic() + WAIT_SECONDS
    text = ""
    while time.monotonic() < deadline:
        text = driver.execute_script("return window.__screenText ? window.__screenText() : null;") or ""
        if shows(text):
            return text
        time.sleep(0.1)
    pytest.fail(f"the page's terminal did not show {what} within {WAIT_SECONDS:.0f} s; it showed:\n{text}")


def faded_in(driver: WebDriver) -> None:
    """Wait until the intro dialog is gone and the terminal has faded in (the page fades it in over
    0.3 s from the first bytes of the console), with the session still open."""
    deadline = time.monotonic() + WAIT_SECONDS
    script = "return [document.body.className, getComputedStyle(document.querySelector('#terminal')).opacity];"
    body, opacity = driver.execute_script(script)
    while not ("-first-byte" in body and opacity == "1") and time.monotonic() < deadline:
        time.sleep(0.05)
        body, opacity = driver.execute_script(script)
    assert "-first-byte" in body and opacity == "1", f"the page's terminal is not shown: {body=}, {opacity=}"
    assert "-closed" not in body, "the console's session ended"


def showing(*words: str) -> Callable[[str], bool]:
    """Whether a screen shows every one of ``words``."""
    return lambda text: all(word in text for word in words)


def keep(driver: WebDriver, name: str) -> bytes:
    """A screenshot of the page, kept in the artefacts folder."""
    png = driver.get_screenshot_as_png()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / name).write_bytes(png)
    return png


def png_picture(png: bytes) -> tuple[int, int, float]:
    """Width, height and the share of the filtered pixel bytes that are not zero: a picture of one
    colour filters to zeros (each byte stored as its difference from its neighbour)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "the screenshot is not a PNG"
    width, height = struct.unpack(">II", png[16:24])
    data, at = b"", 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        if png[at + 4 : at + 8] == b"IDAT":
            data += png[at + 8 : at + 8 + length]
        at += 12 + length
    pixels = zlib.decompress(data)
    return width, height, (len(pixels) - pixels.count(0)) / len(pixels)


def test_a_browser_shows_the_dashboard_and_writing_keys_change_nothing(
    campaign: str, page_url: str, browser: WebDriver
) -> None:
    folder = Path(campaign).parent
    entries, files = record(campaign), beside(folder)
    assert len(entries) == 2
    browser.get(page_url)
    words = ("read-only", "LIVE · entry #2", "Supply Point pools", "Surprise turn 1941", "latest entry #2")
    screen(browser, showing(*words), "the read-only dashboard")  # drawn as the page's font arrives
    faded_in(browser)
    width, height, ink = png_picture(keep(browser, "serve-dashboard.png"))
    viewport = browser.execute_script("return [window.innerWidth, window.innerHeight];")
    assert [width, height] == viewport and width >= WINDOW[0] - 100
    assert ink > 0.01, f"the screenshot is blank ({ink:.4f} of its bytes drawn)"

    browser.execute_script("document.querySelector('.xterm-helper-textarea').focus();")
    for key, word in REFUSED.items():
        ActionChains(browser).send_keys(key).perform()
        refusal = screen(browser, showing(word), f"'{word}' after '{key}'")
        assert "read-only view of the campaign" in refusal
        if key == "c":
            keep(browser, "serve-refused.png")
        ActionChains(browser).send_keys(Keys.ESCAPE).perform()
        screen(browser, lambda text: "refused" not in text and "LIVE · entry #2" in text, "the dashboard again")

    assert record(campaign) == entries
    assert beside(folder) == files  # no bookmarks file, no branch
