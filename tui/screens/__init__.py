"""Full screens of the console: the dashboard and the log."""
