"""Counting one component: its layouts by number of mines, by the route that pays
(depth-first over boxes, split where boxes are certain, the box programme, strips)."""
