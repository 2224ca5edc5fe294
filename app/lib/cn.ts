import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Deliberately no tailwind-merge (8 KB gzipped on every
 * page): components put caller classes last and avoid conflicting utilities.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
