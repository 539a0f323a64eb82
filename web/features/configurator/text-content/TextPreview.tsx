import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Fragment, memo } from 'react';
import { preview, textSegments } from '../../../../contract/text-content.ts';
import { itemText } from './preview-text.ts';

const chipSx = {
  display: 'inline-block',
  px: 0.75,
  mx: 0.25,
  borderRadius: 1,
  bgcolor: 'action.selected',
  fontFamily: 'monospace',
  fontSize: '0.85em',
} as const;

/** Text with its {{variable}} chips. */
export function TextWithChips({ text }: { text: string }) {
  return (
    <>
      {textSegments(text).map((segment, i) =>
        segment.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their place
          <Fragment key={i}>{segment.text}</Fragment>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Box component="span" key={i} sx={chipSx} data-variable={segment.name}>
            {segment.name}
          </Box>
        ),
      )}
    </>
  );
}

/** The SPEC §9 preview of a text content: 2 items and an ellipsis when the text exceeds 100 characters. */
export const TextPreview = memo(function TextPreview({
  content,
  empty,
}: {
  content: string;
  empty?: string;
}) {
  const { items, truncated } = preview(content);
  if (items.length === 0) {
    return (
      <Typography component="span" variant="body2" color="text.disabled">
        {empty}
      </Typography>
    );
  }
  return (
    <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="text-preview">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: preview items are positional
        <Fragment key={i}>
          {i > 0 ? ' · ' : null}
          {item.kind === 'text' ? <TextWithChips text={item.text} /> : itemText(item)}
        </Fragment>
      ))}
      {truncated ? ' …' : null}
    </Typography>
  );
});
