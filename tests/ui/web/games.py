"""The games the web tests register: the real one, and two test games with two seats."""

OATD = "one-against-the-dead"
TEST_GAMES = {
    OATD: "deadtable.games.one_against_the_dead",
    "race": "tests.sim.race_game",
    "secret": "tests.ui.web.secret_game",
}
