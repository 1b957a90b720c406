"""A yes-or-no question before something that cannot be undone (a modal dialog:
Keep it / yes; Escape keeps)."""
from __future__ import annotations

import asyncio

from .dom import el


class Confirm:
    def __init__(self) -> None:
        self.confirming = None              # the answer the confirm dialog awaits

    async def ask(self, title: str, text: str, yes: str) -> bool:
        """A yes-or-no question before something that cannot be undone (a modal dialog:
        Keep it / `yes`; Escape keeps)."""
        dialog = el("confirm-dialog")._dom_element
        el("confirm-title").textContent = title
        el("confirm-text").textContent = text
        el("confirm-yes").textContent = yes
        answer = asyncio.get_running_loop().create_future()
        self.confirming = answer
        dialog.showModal()
        try:
            return await answer
        finally:
            self.confirming = None
            if dialog.open:
                dialog.close()

    def answer(self, yes: bool) -> None:
        """The player's answer (a button, or Escape: no), if a question awaits one."""
        if self.confirming is not None and not self.confirming.done():
            self.confirming.set_result(yes)
