"""One form per rule family: it reads the query string and hands the engine its inputs.

A family's form says which parameters exist (in contract.md's order), how the table
words them, which combinations contradict each other, which engine call to make and how
its steps and notes read. What they share lives in `base`.
"""

from calculator.forms.base import ParamForm

__all__ = ["ParamForm"]
