"""War and lend lease (seed 004, RULES.md G-33..G-35, G-55..G-60, A-68, J-67): declarations of war
and the state of war each creates, the allies drawn in, a power that surrenders or leaves play,
the Russian winter a German-Soviet war marks, and lend lease sent by route at the year start or
placed in the movement phase, arriving on its timetable. One system because lend lease flows only
along the wars (each route waits for the war it needs).

It offers siblings (`interface`): who is at war with whom (`at_war`, `require_war`,
`require_fight`, `country_names`), the Russian winter's marker, a power leaving play, and the
year start's lend lease grants.
"""
