"""A yes-or-no question before something that cannot be undone (a modal dialog:
Keep it / yes; Escape keeps)."""
from __future__ import annotations

import asyncio

from . import dom


class Confirm:
    def __init__(self) -> None:
        self.confirming = None              # the answer the confirm dialog awaits

    async def ask(self, title: str, text: str, yes: str) -> bool:
        """A yes-or-no question before something that cannot be undone (a modal dialog:
        Keep it / `yes`; Escape keeps)."""
        dom.set_text("confirm-title", title)
        dom.set_text("confirm-text", text)
        dom.set_text("confirm-yes", yes)
        answer = asyncio.get_running_loop().create_future()
        self.confirming = answer
        dom.call("confirm-dialog", "showModal")
        try:
            return await answer
        finally:
            self.confirming = None
            dom.call("confirm-dialog", "close")       # (if it is still open)

    def answer(self, yes: bool) -> None:
        """The player's answer (a button, or Escape: no), if a question awaits one."""
        if self.confirming is not None and not self.confirming.done():
            self.confirming.set_result(yes)
