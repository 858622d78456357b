"""The games the web tests register: the real ones, two test games with two seats, and Night
Watch (four seats in two sides, a secret hand each)."""

OATD = "one-against-the-dead"
CW = "chainsaw-warrior"
TEST_GAMES = {
    OATD: "deadtable.games.one_against_the_dead",
    CW: "deadtable.games.chainsaw_warrior",
    "race": "tests.sim.race_game",
    "secret": "tests.ui.web.secret_game",
    "night-watch": "tests.sim.sides_game",
}
