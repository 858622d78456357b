from deadtable.engine.wording import count


def test_a_count_agrees_with_its_noun() -> None:
    assert count(1, "point") == "1 point"
    assert [count(n, "minute") for n in (0, 2, 1.5)] == ["0 minutes", "2 minutes", "1.5 minutes"]
    assert count(2, "box", "boxes") == "2 boxes" and count(1, "box", "boxes") == "1 box"
