"""People's ways in: the `deadtable` command line (cli.py) and the browser (web/); both draw
views with deadtable.render and each game's own renderers."""
