import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useHref, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import type { RoleGraph } from '../utils/graph';
import { layoutGraph, NODE_HEIGHT, NODE_WIDTH } from '../utils/layout';

const PAD = 8;

/** Parents above their children; an arrow points from a parent to the role that inherits from it. */
export function RoleGraphView({ app, graph }: { app: string; graph: RoleGraph }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const layout = useMemo(() => layoutGraph(graph), [graph]);
  // The router's basename, so a link opened in a new tab lands on the same page.
  const base = useHref('/').replace(/\/$/, '');
  if (layout.nodes.length === 0)
    return <Typography color="text.secondary">{t('rolesPage.graph.empty')}</Typography>;
  const stroke = theme.palette.text.secondary;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <svg
        role="group"
        aria-label={t('rolesPage.graph.label')}
        width={layout.width + PAD * 2}
        height={layout.height + PAD * 2}
        viewBox={`${-PAD} ${-PAD} ${layout.width + PAD * 2} ${layout.height + PAD * 2}`}
      >
        <defs>
          <marker
            id="role-arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto"
          >
            <path d="M0,0 L10,5 L0,10 z" fill={stroke} />
          </marker>
        </defs>
        {layout.edges.map(({ from, to }) => (
          <line
            key={`${from.objectId}-${to.objectId}`}
            x1={from.x + NODE_WIDTH / 2}
            y1={from.y + NODE_HEIGHT}
            x2={to.x + NODE_WIDTH / 2}
            y2={to.y}
            stroke={stroke}
            markerEnd="url(#role-arrow)"
          >
            <title>{t('rolesPage.graph.edge', { child: to.name, parent: from.name })}</title>
          </line>
        ))}
        {layout.nodes.map((node) => (
          <a
            key={node.objectId}
            href={`${base}${paths.role(app, node.objectId)}`}
            aria-label={node.name}
            onClick={(e) => {
              // Inside the app's router, as a link elsewhere on the page would.
              e.preventDefault();
              void navigate(paths.role(app, node.objectId));
            }}
          >
            <g transform={`translate(${node.x},${node.y})`}>
              <rect
                width={NODE_WIDTH}
                height={NODE_HEIGHT}
                rx={6}
                fill={theme.palette.background.paper}
                stroke={theme.palette.primary.main}
              />
              <text
                x={NODE_WIDTH / 2}
                y={NODE_HEIGHT / 2}
                textAnchor="middle"
                dominantBaseline="central"
                fill={theme.palette.text.primary}
                fontSize={13}
              >
                {node.name.length > 20 ? `${node.name.slice(0, 19)}…` : node.name}
              </text>
            </g>
          </a>
        ))}
      </svg>
    </Box>
  );
}
