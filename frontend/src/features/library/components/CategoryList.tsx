import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { Category } from '@promptlib/proto';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useReorderCategoriesMutation } from '../library.api';
import { SortableCategoryItem } from './SortableCategoryItem';

type Props = {
  categories: Category[];
  counts: Map<number, number>;
  selectedId: number | null;
  onSelect: (category: Category) => void;
  onRename: (category: Category) => void;
  onDelete: (category: Category) => void;
  onDropPrompt?: (categoryId: number, promptId: number) => void;
};

/**
 * The user's own categories in their order, reorderable by drag and drop (General is never among
 * them). Dropping where it started, or outside the list, changes nothing.
 */
export function CategoryList({
  categories,
  counts,
  selectedId,
  onSelect,
  onRename,
  onDelete,
  onDropPrompt,
}: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [reorder] = useReorderCategoriesMutation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: unknown) => categories.find((category) => category.id === id)?.name ?? '';
  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) => t('library.categories.drag.start', { name: nameOf(active.id) }),
      onDragOver: ({ active, over }) =>
        over
          ? t('library.categories.drag.over', { name: nameOf(active.id), target: nameOf(over.id) })
          : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? t('library.categories.drag.end', { name: nameOf(active.id), target: nameOf(over.id) })
          : undefined,
      onDragCancel: ({ active }) => t('library.categories.drag.cancel', { name: nameOf(active.id) }),
    }),
    // nameOf reads the categories of the render it was made in, hence the dependency.
    [t, categories],
  );

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = categories.map((category) => category.id);
    const moved = arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
    try {
      await reorder(moved.map((id, position) => ({ id, position }))).unwrap();
      notify({
        title: t('library.categories.reordered.title'),
        description: t('library.categories.reordered.description'),
        variant: 'success',
      });
    } catch {
      notify({
        title: t('library.categories.reorderFailed.title'),
        description: t('library.categories.reorderFailed.description'),
        variant: 'error',
      });
    }
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={(event) => void onDragEnd(event)}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('library.categories.drag.instructions') },
      }}
    >
      <SortableContext
        items={categories.map((category) => category.id)}
        strategy={verticalListSortingStrategy}
      >
        {categories.map((category) => (
          <SortableCategoryItem
            key={category.id}
            category={category}
            count={counts.get(category.id) ?? 0}
            selected={selectedId === category.id}
            onSelect={() => onSelect(category)}
            onRename={() => onRename(category)}
            onDelete={() => onDelete(category)}
            onDropPrompt={onDropPrompt && ((promptId) => onDropPrompt(category.id, promptId))}
          />
        ))}
      </SortableContext>
    </DndContext>
  );
}
