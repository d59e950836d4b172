// Motion: see DESIGN.md §1.
