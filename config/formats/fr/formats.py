"""French number formatting, over Django's own (every other format comes from ``django.conf.locale.fr``).

French typography groups thousands with a narrow no-break space (420 440 mots, U+202F), not the full-width
no-break space Django uses: counts read as one number and never wrap between their groups.
"""

THOUSAND_SEPARATOR = "\u202f"
