/** A palette that reads in light and dark themes alike. */
export const PALETTE = ['#2f6fde', '#18a058', '#f0a020', '#d03050', '#7c5cd6', '#2aa5a5', '#e07b39', '#8a8f98', '#b5487d', '#5a9e2f'];
