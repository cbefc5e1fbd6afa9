from ledger.model.places import has_unlimited_water, is_in_transit_box, is_tripoli_tunisia_box


def test_the_four_large_boxes_are_known_by_name() -> None:
    # 8.81: Tripolitania, Tripoli, Gabes and Tunis are the large boxes.
    assert all(map(is_tripoli_tunisia_box, ["Tripoli", " tunis ", "GABES", "Tripolitania"]))
    assert not is_tripoli_tunisia_box("Benghazi")
    assert not is_tripoli_tunisia_box("C4807")


def test_in_transit_boxes_have_water_but_are_not_dumps() -> None:
    # 8.87 gives unlimited water in both; 8.88 makes only the large boxes dumps.
    assert is_in_transit_box("In Transit 2")
    assert not is_tripoli_tunisia_box("In Transit 2")
    assert has_unlimited_water("In Transit 2") and has_unlimited_water("Tunis")
    assert not has_unlimited_water("B5925")
