"""Sphinx directive ``robosim-cli``: the command-line reference, generated from the parser.

Each command (and each action of ``robosim arm``) gets a section with its one-line help and the
``--help`` text argparse prints, from :func:`robosim.cli.build_parser`, so the reference cannot
drift from the program. argparse has no public way to list a parser's sub-commands: the walk
reads its actions the way sphinx-argparse does.
"""

import argparse
import os

from docutils import nodes
from docutils.parsers.rst import Directive

#: Width of the generated help text (argparse reads COLUMNS).
HELP_WIDTH = 96


def sub_commands(parser):
    """``[(name, one-line help, parser)]`` of the sub-commands of ``parser``, in order."""
    found = []
    for action in parser._actions:  # noqa: SLF001 - argparse lists sub-commands only here
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001 - argparse lists sub-commands only here
            helps = {choice.dest: choice.help for choice in action._choices_actions}  # noqa: SLF001 - argparse lists sub-commands only here
            found.extend((name, helps.get(name, ""), sub) for name, sub in action.choices.items())
    return found


def help_text(parser):
    """What ``--help`` prints for ``parser``, at :data:`HELP_WIDTH` columns."""
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(HELP_WIDTH)
    try:
        return parser.format_help()
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


class CliReference(Directive):
    """The ``robosim --help`` text, then one section per command, nested for sub-actions."""

    has_content = False

    def run(self):
        from robosim.cli import build_parser

        parser = build_parser()
        nodes_out = [nodes.literal_block(text=help_text(parser), language="text")]
        nodes_out.extend(self.command_section(name, text, sub, ("robosim",))
                         for name, text, sub in sub_commands(parser))
        return nodes_out

    def command_section(self, name, one_line, parser, parents):
        words = (*parents, name)
        section = nodes.section(ids=["cli-" + "-".join(words[1:])])
        section += nodes.title(text=" ".join(words))
        if one_line:
            section += nodes.paragraph(text=one_line[0].upper() + one_line[1:] + ".")
        section += nodes.literal_block(text=help_text(parser), language="text")
        for sub_name, sub_text, sub in sub_commands(parser):
            section += self.command_section(sub_name, sub_text, sub, words)
        return section


def setup(app):
    app.add_directive("robosim-cli", CliReference)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
