import { useEffect } from 'react';

export const productName = 'TiLiA';

/** 'About' -> 'About | TiLiA'. Pages whose SPEC.md title is exact pass it as is. */
export function withProductName(title: string): string {
  return `${title} | ${productName}`;
}

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
