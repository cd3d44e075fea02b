// The row of inputs the bot editor's sections share: side by side, wrapping on narrow screens.
export const fieldRow = { display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'flex-start' } as const;
