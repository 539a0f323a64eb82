import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ComponentType, Fragment, memo } from 'react';
import { preview, textSegments } from '../../../../contract/text-content.ts';
import { itemText } from '../../../lib/preview-text.ts';

const chipSx = {
  display: 'inline-block',
  px: 0.75,
  mx: 0.25,
  borderRadius: 1,
  bgcolor: 'action.selected',
  fontFamily: 'monospace',
  fontSize: '0.85em',
} as const;

type Chip = ComponentType<{ name: string }>;

const MuiChip: Chip = ({ name }) => (
  <Box component="span" sx={chipSx} data-variable={name}>
    {name}
  </Box>
);

/** In list rows: a plain span with the list's shared class (see list/ListStyles.tsx). */
const PlainChip: Chip = ({ name }) => (
  <span className="cfg-chip" data-variable={name}>
    {name}
  </span>
);

function Segments({ text, chip: ChipView }: { text: string; chip: Chip }) {
  return (
    <>
      {textSegments(text).map((segment, i) =>
        segment.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their place
          <Fragment key={i}>{segment.text}</Fragment>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <ChipView key={i} name={segment.name} />
        ),
      )}
    </>
  );
}

/** Text with its {{variable}} chips. */
export function TextWithChips({ text }: { text: string }) {
  return <Segments text={text} chip={MuiChip} />;
}

/** The SPEC §9 preview items: 2 items and an ellipsis when the text exceeds 100 characters. */
function PreviewItems({ content, chip }: { content: string; chip: Chip }) {
  const { items, truncated } = preview(content);
  return (
    <>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: preview items are positional
        <Fragment key={i}>
          {i > 0 ? ' · ' : null}
          {item.kind === 'text' ? <Segments text={item.text} chip={chip} /> : null}
          {/* An SVG icon, not the stopwatch emoji: fonts without it showed an empty box. */}
          {item.kind === 'delay' ? (
            <TimerOutlined aria-hidden sx={{ fontSize: '1.1em', verticalAlign: '-0.2em', mr: 0.25 }} />
          ) : null}
          {item.kind === 'text' ? null : itemText(item)}
        </Fragment>
      ))}
      {truncated ? ' …' : null}
    </>
  );
}

/** The preview of a text content (SPEC §9), for editors. */
export const TextPreview = memo(function TextPreview({
  content,
  empty,
}: {
  content: string;
  empty?: string;
}) {
  if (content === '') {
    return (
      <Typography component="span" variant="body2" color="text.disabled">
        {empty}
      </Typography>
    );
  }
  return (
    <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="text-preview">
      <PreviewItems content={content} chip={MuiChip} />
    </Typography>
  );
});

/** The same preview in the list rows, as plain elements. */
export const RowPreview = memo(function RowPreview({ content, empty }: { content: string; empty: string }) {
  if (content === '') return <span className="cfg-empty">{empty}</span>;
  return (
    <span data-testid="text-preview">
      <PreviewItems content={content} chip={PlainChip} />
    </span>
  );
});
