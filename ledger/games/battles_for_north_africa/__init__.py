"""*Battles for North Africa* for ADC2 (Gerald Schwartz): exact combat odds, result codes and
supply paths, from ``../shared/rules/003_b805c2b82228d148.txt``.

The text has no numbered cases. A case here is cited as ``"<section heading> ¶<n>"``: the n-th
non-empty line under that heading of the text (numbered list items count as lines), e.g.
``"Combat Phase ¶5"`` for the paragraph choosing between the Mobile and the Assault CRT.
``"intro ¶n"`` is a line before the first heading, the title line being ``intro ¶1`` (so the
map's terrain is ``intro ¶4``, roads ``intro ¶7``, ZOC ``intro ¶8``).

Modules:

- ``units``: combat unit types (motorized, armored, artillery, heavy armor) and ``CombatUnit``.
- ``terrain``: the terrain effects the text states (the TEC itself is not in the text).
- ``strength``: Attack and Defense Factors after supply, terrain and fortification, plus
  support; the combat odds.
- ``crt``: the player's Mobile and Assault CRTs (loaded, the numbers are not in the text), the
  choice between them, result codes.
- ``drm``: the die roll modifier stack.
- ``combat``: one combat worked out, with the exact odds of every result code.
- ``results``: what a result code does to each unit, in the text's reduction order.
- ``hexgrid``: hex coordinates and neighbours; ``supply``: supply paths and routes.
- ``rulings``: the named rulings where the text is unclear.
"""
