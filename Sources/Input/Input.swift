// Input: see DESIGN.md §1.
