/**
 * The look shared by text fields and selects (border, colours, focus ring, disabled and invalid
 * states), apart from their size, so that a compact control (the top bar's language select) can take
 * the look with its own size without merging classes.
 */
export const fieldLookClass =
  'min-w-0 rounded-md border border-input bg-card text-foreground shadow-xs transition-[color,box-shadow] placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25';

/** A form field at full width and the form's text size. */
export const fieldControlClass = `w-full px-3 text-base sm:text-sm ${fieldLookClass}`;
