"""The board shown: its view and painters, where boards come from (files, clipboard, seeds, cases)."""
