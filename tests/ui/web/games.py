"""The games the web tests register: the real ones, and two test games with two seats."""

OATD = "one-against-the-dead"
CW = "chainsaw-warrior"
TEST_GAMES = {
    OATD: "deadtable.games.one_against_the_dead",
    CW: "deadtable.games.chainsaw_warrior",
    "race": "tests.sim.race_game",
    "secret": "tests.ui.web.secret_game",
}
