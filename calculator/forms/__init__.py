"""One form per rule family: it reads the query string and hands the engine its inputs.

A family's form says which parameters exist (in contract.md's order), how the table
words them, which combinations contradict each other, and which frozen engine inputs they
make (`build_inputs()`). Wording results is the presenters' job (`calculator.presenters`).
What the forms share lives in `base`; what the tile-entry forms share, in `hand_base` (the
form), `tile_params` (its fields), `tile_words` and `entry_messages` (its words) and
`tile_faces` (what its page draws).
"""

from calculator.forms.base import ParamForm

__all__ = ["ParamForm"]
