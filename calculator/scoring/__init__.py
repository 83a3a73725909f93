"""The scoring engine: pure Python, exact arithmetic, no Django.

One module per rule family (`hk`, `riichi`, …). Each exposes frozen input dataclasses and a
`score()` function returning an `Outcome`; shared types live in `outcome`, money helpers in
`money`.
"""
