// Display: see DESIGN.md §1.
