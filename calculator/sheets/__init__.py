"""Score sheets in the database: create, read, and the writes, each in one transaction.

The pages and the JSON API both call these functions: one code path for every write.
Each write also keeps what it worked out: where the sheet stands after its last hand
(`Sheet.state`, stamped with the revision it belongs to) and the counters every hand was
played under. A new hand is played from the standing alone; a change to a recorded hand
works the whole sheet out again and stores what changed. A page then reads the standing
and works out only the hands it lists, each from its own counters, so a long sheet costs no
more to show than a short one. A standing that is missing or from another revision (or
from an older engine: `LEDGER`) is never trusted: the read works every hand out.
"""

from calculator.sheets.reads import (
    KEY,
    Opened,
    create,
    hands_from,
    hands_to,
    latest,
    open_sheet,
    preview,
    read_data,
)
from calculator.sheets.worked import (
    LEDGER,
    Recorded,
    WorkedSheet,
    each_played,
    players_of,
    standing,
    stored_data,
    table_of_sheet,
    work_out,
)
from calculator.sheets.writes import (
    KEPT_VERSIONS,
    REVISION,
    Refused,
    add_hand,
    last_action,
    last_live_hand,
    refuse_if_closed,
    replace_hand,
    rework,
    set_closed,
    set_deleted,
    undo,
)

__all__ = [
    "KEPT_VERSIONS",
    "KEY",
    "LEDGER",
    "REVISION",
    "Opened",
    "Recorded",
    "Refused",
    "WorkedSheet",
    "add_hand",
    "last_action",
    "create",
    "each_played",
    "hands_from",
    "hands_to",
    "last_live_hand",
    "latest",
    "open_sheet",
    "players_of",
    "preview",
    "read_data",
    "replace_hand",
    "refuse_if_closed",
    "rework",
    "set_closed",
    "set_deleted",
    "undo",
    "standing",
    "stored_data",
    "table_of_sheet",
    "work_out",
]
