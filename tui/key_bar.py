"""The bottom line of every console screen: the keys that do something there.

Textual's Footer builds one widget per key and restyles each of them whenever the bindings
change (a screen pushed, a dialog closed, focus moved): on the console's 2-core target that was
80-250 ms of every screen opened (bench/console_keys.py, issue 12). This bar is one line of
text, rebuilt from the same active bindings when they change.
"""

from __future__ import annotations

from rich.text import Text
from textual.screen import Screen
from textual.widgets import Static


class KeyBar(Static):
    """Key and description of each shown binding active on this screen, in Textual's order."""

    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; width: 1fr; background: $panel; color: $text-muted; }
    """

    _shown = ""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.call_after_refresh(self.show_keys)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen: Screen[object]) -> None:
        self.show_keys()

    def show_keys(self) -> None:
        """Redraw the line from the screen's active bindings (one per action, shown ones only)."""
        line = Text(no_wrap=True, overflow="ellipsis")
        actions: set[str] = set()
        for _node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if not binding.show or binding.action in actions:
                continue
            actions.add(binding.action)
            line.append(f" {self.app.get_key_display(binding)} ", style="bold reverse" if enabled else "dim reverse")
            line.append(f" {binding.description}  ", style="" if enabled else "dim")
        if line.plain != self._shown:  # an unchanged line is not redrawn (each update lays the screen out again)
            self._shown = line.plain
            self.update(line)
