"""Errors a user can meet, each with its own exit code and a one-sentence message.

The CLI turns any of these into that sentence on stderr and that exit code; nothing else
should reach a user as a traceback.
"""


class PipelineError(Exception):
    exit_code = 1

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class UsageError(PipelineError):
    exit_code = 2


class InputNotFound(PipelineError):
    exit_code = 3


class NotAnImage(PipelineError):
    exit_code = 4


class ImageTooLarge(PipelineError):
    exit_code = 5


class NoChartFound(PipelineError):
    exit_code = 6


class TicksUnreadable(PipelineError):
    exit_code = 7


class OcrEngineMissing(PipelineError):
    exit_code = 8


class OutputError(PipelineError):
    exit_code = 9


class DataFileError(PipelineError):
    """A card, readings or ledger file that cannot be used; the message names file, line and field."""
    exit_code = 10

    def __init__(self, path, line: int | None, field: str | None, problem: str):
        where = f"{path}" + (f", line {line}" if line else "")
        what = f"field '{field}': " if field else ""
        super().__init__(f"{where}: {what}{problem}")
        self.path, self.line, self.field = path, line, field
