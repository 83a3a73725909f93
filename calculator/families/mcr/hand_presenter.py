"""An MCR hand analysis in words: its fans and points, for the hand page and the API."""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language

from calculator.families.mcr.presenter import Presenter as PaymentPresenter
from calculator.scoring.mcr_hand import Analysis


class HandPresenter:
    """Words for one analysis; `payment` is the presenter of its payment."""

    def __init__(self, analysis: Analysis, payment: PaymentPresenter) -> None:
        self.analysis = analysis
        self.payment = payment

    @staticmethod
    def chinese_script() -> str:
        """'hans' on the Simplified Chinese pages, 'hant' otherwise (fan names)."""
        return "hans" if (get_language() or "") == "zh-hans" else "hant"

    def fan_name(self, fan: Any) -> str:
        return fan.name_hans if self.chinese_script() == "hans" else fan.name

    def context(self) -> dict[str, Any]:
        analysis: Analysis = self.analysis
        fans = [
            {
                "name": self.fan_name(fan),
                "name_en": fan.name_en,
                "points": fan.points,
                "count": fan.count,
                "subtotal": fan.points * fan.count,
            }
            for fan in analysis.fans
        ]
        return {
            "fan_lines": fans,
            "hand_points": analysis.points,
            "hand_flowers": analysis.flowers,
        }

    def json(self) -> dict[str, Any]:
        analysis: Analysis = self.analysis
        return {
            "fans": [
                {
                    "name": self.fan_name(fan),
                    "name_en": fan.name_en,
                    "points": fan.points,
                    "count": fan.count,
                }
                for fan in analysis.fans
            ],
            "points": analysis.points,
        }
