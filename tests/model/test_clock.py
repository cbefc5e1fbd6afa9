import pytest

from ledger.model.clock import GameTime


def test_game_turn_1_is_september_iii_1940() -> None:
    # 6.14: the first Operations Stage of the September III, 1940 Game-Turn is Game-Turn 1.
    assert GameTime(1, 1).calendar == "September III 1940"
    assert str(GameTime(1, 1)) == "GT 1 OpStage 1 (September III 1940)"


def test_four_game_turns_a_month() -> None:
    assert GameTime(2, 1).calendar == "September IV 1940"
    assert GameTime(3, 1).calendar == "October I 1940"
    assert GameTime(6, 3).calendar == "October IV 1940"
    assert GameTime(68, 2).calendar.startswith("February") and GameTime(68, 2).calendar.endswith(
        "1942"
    )


def test_three_operations_stages_per_game_turn() -> None:
    # 5.1
    assert GameTime(1, 1).next_stage() == GameTime(1, 2)
    assert GameTime(1, 3).next_stage() == GameTime(2, 1)
    assert GameTime(1, 3) < GameTime(2, 1)


@pytest.mark.parametrize(("gt", "stage"), [(0, 1), (1, 0), (1, 4)])
def test_out_of_range_times_are_refused(gt: int, stage: int) -> None:
    with pytest.raises(ValueError, match=r"5\.1|Game-Turns"):
        GameTime(gt, stage)
