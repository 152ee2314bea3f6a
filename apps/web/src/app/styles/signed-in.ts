/**
 * Mantine's styles for the components only the signed-in screens use, loaded with their frame
 * (router.tsx); what they build on (Input, Popover, Paper, ...) is in public.ts already.
 */
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Timeline.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/dates/styles.css';
