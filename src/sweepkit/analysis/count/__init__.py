"""Counting one component: its layouts by number of mines, by the route that pays
(depth-first over boxes, split where forced, the box programme, strips)."""
