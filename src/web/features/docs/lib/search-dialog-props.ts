/** What the lazily loaded search dialog takes (its own module: the loader and the dialog both need it). */
export interface SearchDialogProps {
  open: boolean;
  onClose: () => void;
  /** The user's own documentation category: its results come first among equals. */
  preferredCategory?: string;
}
