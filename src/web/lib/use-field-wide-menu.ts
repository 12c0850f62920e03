/**
 * A select's menu exactly as wide as its field: MUI makes the menu at least as wide as the field, and its
 * content may make it wider; the field's width, read as the menu opens, caps it (long entries wrap).
 */
import { useRef, useState } from 'react';

export function useFieldWideMenu() {
  const fieldRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | undefined>(undefined);
  return {
    fieldRef,
    onOpen: () => setWidth(fieldRef.current?.getBoundingClientRect().width),
    paperSx: width ? { maxWidth: width } : {},
  };
}
