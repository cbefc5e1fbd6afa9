"""Planning aids: proposals the players accept (as commands) or edit. Pure: no events, no state
changes. ``convoy``: the convoy planner (which dump loads what on which truck points for which
requisition, 54.x); ``available``: the stocks and free truck points a side can plan with."""
