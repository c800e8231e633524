"""Small pieces every feature uses: the plots' look, text from outside shown as written."""
