/**
 * The renderer's money display helpers live in the one money module (src-shared/money/display.ts);
 * this path stays so the screens' imports need not move in the same change. Import from
 * @shared/money/display in new code.
 */
export * from '@shared/money/display';
