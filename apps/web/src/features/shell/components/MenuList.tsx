/**
 * The drawer menu for the user's role (menuForRole), as real links. Groups collapse; the
 * reports group opens by itself on report paths; the current page is highlighted.
 */
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translator';
import { Collapse, List, ListItemButton, ListItemText } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { MenuItem } from '@vigil/contract';
import { isGroupExpanded, isMenuPathActive } from '../menu';

export interface MenuListProps {
  items: MenuItem[];
  onNavigate?: () => void;
}

export function MenuList({ items, onNavigate }: MenuListProps) {
  const { t } = useTranslation();
  return (
    <List component="nav" aria-label={t('shell.menuLabel')} dense>
      {items.map((item) => (
        <MenuEntry key={item.key} item={item} depth={0} onNavigate={onNavigate} />
      ))}
    </List>
  );
}

function MenuEntry({ item, depth, onNavigate }: { item: MenuItem; depth: number; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const label = t(`menu.${item.key}`);
  const indent = 2 + depth * 2;
  if (item.path) {
    const active = isMenuPathActive(item.path, pathname);
    return (
      <ListItemButton
        component={Link}
        to={item.path}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        data-testid="menu-link"
        data-path={item.path}
        sx={{ pl: indent }}
      >
        <ListItemText primary={label} />
      </ListItemButton>
    );
  }
  return <MenuGroup item={item} depth={depth} label={label} indent={indent} onNavigate={onNavigate} />;
}

function MenuGroup({
  item,
  depth,
  label,
  indent,
  onNavigate,
}: {
  item: MenuItem;
  depth: number;
  label: string;
  indent: number;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const shouldExpand = isGroupExpanded(item, pathname);
  const [open, setOpen] = useState(shouldExpand);
  const [wasExpanded, setWasExpanded] = useState(shouldExpand);
  if (shouldExpand !== wasExpanded) {
    // navigated into (or out of) the group: open it on the way in, leave it as the user set it otherwise
    setWasExpanded(shouldExpand);
    if (shouldExpand) setOpen(true);
  }
  return (
    <>
      <ListItemButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        data-testid="menu-group"
        data-group={item.key}
        sx={{ pl: indent }}
      >
        <ListItemText primary={label} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} timeout="auto">
        {/* A div, not a ul: its entries are links, not list items (axe "list"). */}
        <List component="div" disablePadding dense>
          {(item.children ?? []).map((c) => (
            <MenuEntry key={c.key} item={c} depth={depth + 1} onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </>
  );
}
