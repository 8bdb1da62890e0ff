"""Modal dialogs of the console: errors, entries, undo, the command form, help."""
