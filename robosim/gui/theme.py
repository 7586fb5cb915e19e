"""The colours shared by the application's windows, in one place.

A colour used by more than one window lives here, so that windows agree (a red that means
"stop" or "error" is the same red everywhere) and no window imports another for a colour.
Values are matplotlib colour strings.
"""

#: Ordinary text of a status line.
TEXT_COLOUR = "black"
#: Error messages and warnings in text (status lines, the Jacobian readout's warning).
ERROR_COLOUR = "#c00000"
#: The STOP buttons (Real arm, Calibrate) and their colour under the pointer.
STOP_COLOUR, STOP_HOVER = "#d62728", "#ff4d4d"
