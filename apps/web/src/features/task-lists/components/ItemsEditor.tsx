/**
 * The items of a task list template, in PriorityOrder, reordered by drag and drop that also works
 * from the keyboard (@dnd-kit/sortable: focus a handle, Space, arrow keys, Space), with screen
 * reader announcements in the user's language. Each item: name, description, expected minutes
 * (TimeInterval is sent in seconds) and mandatory order.
 */
import { useTranslation } from '../../../shared/i18n/translator';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Checkbox, FormControlLabel, IconButton, Paper, Stack, TextField, Typography } from '@mui/material';

/** One item as the editor holds it; `key` is stable across reorders, `id` the saved TemplateDetailsAutoId. */
export interface EditorItem {
  key: string;
  id?: number;
  name: string;
  description: string;
  minutes: string;
  mandatory: boolean;
}

let nextKey = 0;
/** A new empty item with a fresh key. */
export function newItem(partial: Partial<EditorItem> = {}): EditorItem {
  nextKey += 1;
  return { key: `item-${nextKey}`, name: '', description: '', minutes: '5', mandatory: true, ...partial };
}

function SortableItem({
  item,
  index,
  onChange,
  onRemove,
  canRemove,
}: {
  item: EditorItem;
  index: number;
  onChange: (next: EditorItem) => void;
  onRemove: () => void;
  canRemove: boolean;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.key });
  const label = item.name || `#${index + 1}`;
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      data-testid="task-item"
      data-name={item.name}
      sx={{
        p: 1,
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.7 : 1,
        zIndex: isDragging ? 2 : undefined,
        position: 'relative',
      }}
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t('taskLists.actions.dragHandle', { name: label })}
          data-testid="task-item-handle"
          size="small"
          sx={{ cursor: 'grab', mt: 0.5 }}
        >
          <DragIndicatorIcon />
        </IconButton>
        <Typography sx={{ mt: 1, minWidth: 20 }} color="text.secondary">
          {index + 1}
        </Typography>
        <TextField
          label={t('taskLists.fields.itemName')}
          value={item.name}
          onChange={(e) => onChange({ ...item, name: e.target.value })}
          size="small"
          required
          sx={{ flex: '2 1 180px' }}
          slotProps={{ htmlInput: { 'data-testid': 'task-item-name', maxLength: 200 } }}
        />
        <TextField
          label={t('taskLists.fields.itemDescription')}
          value={item.description}
          onChange={(e) => onChange({ ...item, description: e.target.value })}
          size="small"
          sx={{ flex: '3 1 200px' }}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        <TextField
          label={t('taskLists.fields.expectedMinutes')}
          value={item.minutes}
          onChange={(e) => onChange({ ...item, minutes: e.target.value.replace(/[^\d.]/g, '') })}
          size="small"
          sx={{ width: 120 }}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'task-item-minutes' } }}
        />
        <FormControlLabel
          control={<Checkbox checked={item.mandatory} onChange={(e) => onChange({ ...item, mandatory: e.target.checked })} size="small" />}
          label={t('taskLists.fields.mandatory')}
          sx={{ whiteSpace: 'nowrap', mr: 0 }}
        />
        <IconButton
          aria-label={t('taskLists.actions.removeItem', { name: label })}
          onClick={onRemove}
          disabled={!canRemove}
          size="small"
          sx={{ mt: 0.5 }}
        >
          <DeleteOutlineIcon />
        </IconButton>
      </Stack>
    </Paper>
  );
}

export function ItemsEditor({ items, onChange }: { items: EditorItem[]; onChange: (items: EditorItem[]) => void }) {
  const { t } = useTranslation();
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const nameOf = (id: UniqueIdentifier) => {
    const i = items.findIndex((x) => x.key === id);
    return { name: items[i]?.name || `#${i + 1}`, position: i + 1, total: items.length };
  };
  const positionOf = (id: UniqueIdentifier | undefined) => (id == null ? 0 : items.findIndex((x) => x.key === id) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('taskLists.dnd.pickedUp', nameOf(active.id)),
    onDragOver: ({ active, over }) =>
      over ? t('taskLists.dnd.movedOver', { ...nameOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('taskLists.dnd.dropped', { ...nameOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('taskLists.dnd.cancelled', nameOf(active.id)),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((x) => x.key === active.id);
    const to = items.findIndex((x) => x.key === over.id);
    if (from >= 0 && to >= 0) onChange(arrayMove(items, from, to));
  };
  return (
    <Stack sx={{ gap: 1 }} data-testid="task-items">
      <Typography variant="body2" color="text.secondary">
        {t('taskLists.dialogs.reorderHelp')}
      </Typography>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('taskLists.dnd.instructions') } }}
      >
        <SortableContext items={items.map((i) => i.key)} strategy={verticalListSortingStrategy}>
          {items.map((item, index) => (
            <SortableItem
              key={item.key}
              item={item}
              index={index}
              canRemove={items.length > 1}
              onChange={(next) => onChange(items.map((x) => (x.key === item.key ? next : x)))}
              onRemove={() => onChange(items.filter((x) => x.key !== item.key))}
            />
          ))}
        </SortableContext>
      </DndContext>
      <Box>
        <Button onClick={() => onChange([...items, newItem()])} data-testid="task-item-add">
          {t('taskLists.actions.addItem')}
        </Button>
      </Box>
    </Stack>
  );
}
