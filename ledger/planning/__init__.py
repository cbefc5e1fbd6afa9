"""Planning aids: proposals the players accept (as commands) or edit. Pure: no state
changes. ``convoy``: the convoy planner (which dump loads what on which truck points for which
requisition, 54.x); ``available``: the stocks and free truck points a side can plan with;
``proposal``: a side's plan from the ledger, as rows; ``words``: each leg as one sentence
(what it draws or loads, where it drives, when it delivers); ``accept``: an accepted plan as the
events that record it (the one module here that makes events, through the commands)."""
