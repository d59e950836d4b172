// Runtime: see DESIGN.md §1.
