"""What the tables system gives `referee.europa.game`: the Success, Airbase and weather roll
commands, their handlers and their three charts."""

from __future__ import annotations

from referee.common.chart_files import pinned_data
from referee.common.game import Chart
from referee.europa.tables import charts
from referee.europa.tables.commands import TABLE_CHART_COMMANDS
from referee.europa.tables.handlers import TABLE_CHART_HANDLERS

COMMANDS = TABLE_CHART_COMMANDS
HANDLERS = TABLE_CHART_HANDLERS
SUCCESS_CHART = Chart(charts.SUCCESS_KEY, charts.SUCCESS, pinned_data(charts.load_success), charts.SuccessTable)
AIRBASE_CHART = Chart(charts.AIRBASE_KEY, charts.AIRBASE, pinned_data(charts.load_airbase), charts.AirbaseTable)
WEATHER_CHART = Chart(charts.WEATHER_KEY, charts.WEATHER, pinned_data(charts.load_weather), charts.WeatherTable)
