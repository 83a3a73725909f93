"""The three reference pages: glossary, FAQ and sources. Fixed words, live numbers.

Every amount these pages print is worked out at render time by the family forms and their
engines, exactly as the calculator pages do it, and sits inside a link to the calculator
state that shows it (`claims`, `hand_claims`). The link says what it claims in `data-claims`
(what the winner receives) and, where the copy relies on more, `data-claims-payments`,
`-base`, `-fu`, `-notes` and `-net`; a test follows every such link and compares. Nothing is
hard-coded.

The pages depend only on the language, so each is kept in Django's cache per language and
served with an ETag and a public Cache-Control; no view here touches the database (`views`).
"""
